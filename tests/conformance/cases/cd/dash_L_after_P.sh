mkdir real; ln -s real link; H=$PWD; cd -P -L link; echo "${PWD#$H}"
