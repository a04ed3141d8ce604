mkdir -p base/target
CDPATH=$PWD/base
cd target | sed 's#.*/##'
cd target >/dev/null; echo "${PWD##*/}"
