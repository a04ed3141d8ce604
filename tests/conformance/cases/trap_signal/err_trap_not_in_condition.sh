trap 'echo ERR' ERR
if false; then :; fi
false || true
! true
echo quiet
