bash -c 'echo a
echo b
exit 2'; echo $?
