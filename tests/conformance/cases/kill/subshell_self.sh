( kill -TERM $BASHPID; echo not )
echo "sub $?"
( trap 'echo sub got' USR1; kill -USR1 $BASHPID; echo sub on )
echo "after $?"
