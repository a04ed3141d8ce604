# check-stderr
mkdir real; ln -s real link; H=$PWD; cd link; pwd | sed "s|$H||"; pwd -L | sed "s|$H||"; pwd -P | sed "s|$H||"; echo "${PWD#$H}"; pwd -x; echo $?
