mkdir -p p/q q; H=$PWD; CDPATH=:p; cd q; echo "${PWD#$H}"
