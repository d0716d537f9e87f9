module example.com/newergo

go 1.99
