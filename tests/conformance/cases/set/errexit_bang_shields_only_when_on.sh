# `! pipeline` shields the commands inside from set -e (and the ERR trap)
# only when set -e is on as it starts.
trap 'echo "ERR trap"' ERR
! { false; echo "group goes on"; }
echo "--"
f() { false; echo "in f"; }
set -e
! f
echo "after ! f"
set +e
g() { set -e; false; echo "not reached"; }
! g
echo "not reached either"
