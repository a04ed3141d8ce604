# `$(yes)`: an endless capture.
# expect-stop: memory
x=$(yes)
echo "not reached"
