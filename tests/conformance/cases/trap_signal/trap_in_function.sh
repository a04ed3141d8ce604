trap 'echo got in $FUNCNAME' USR1
f() { kill -USR1 $$; echo "in f"; }
f
echo done
