for s in HUP QUIT ALRM USR1 USR2 PIPE; do
  bash -c "kill -$s \$\$"; echo "$s $?"
done
