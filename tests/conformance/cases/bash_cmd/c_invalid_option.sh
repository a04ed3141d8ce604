bash -Z -c 'echo no' 2>/dev/null; echo $?
