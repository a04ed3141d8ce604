echo before
exec bash -c 'echo "exec $0 $1"; exit 3' n a
echo not reached
