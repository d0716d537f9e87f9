package newergo

func F() {}
