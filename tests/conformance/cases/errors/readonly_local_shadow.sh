readonly R=1
f() { local R=2; echo "local R=$R status=$?"; }
f 2>/dev/null
