if false; then :; fi
echo $?
if false; then :; else (exit 4); fi
echo $?
