eval 'exit 4'
echo not reached
