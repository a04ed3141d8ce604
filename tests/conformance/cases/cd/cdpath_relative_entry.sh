mkdir -p p/q; H=$PWD; CDPATH=p; cd q | sed "s|$H||"
