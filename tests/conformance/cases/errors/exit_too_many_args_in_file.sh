# check-stderr
# In a script file, `exit` with too many arguments drops only the current
# command (bash's DISCARD); in a -c string it ends the shell.
cat > s.sh <<'END'
exit 7 8 9; echo same line $?
echo next line $?
f() { exit 1 2; echo in f; }
f
echo after f $?
END
bash s.sh
echo "file: $?"
bash -c 'exit 7 8 9; echo same line
echo next line'
echo "-c: $?"
