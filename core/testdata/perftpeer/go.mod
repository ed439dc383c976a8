module perftpeer

go 1.25

require (
	github.com/bitview/bitview v0.0.0
	github.com/notnil/chess v1.10.0
)

replace github.com/bitview/bitview => ../../..
