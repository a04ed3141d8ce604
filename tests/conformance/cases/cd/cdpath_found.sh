mkdir -p p/q; H=$PWD; CDPATH=$H/p; cd q | sed "s|$H||"; cd q >/dev/null; echo "${PWD#$H}"
