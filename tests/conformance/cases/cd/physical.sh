mkdir -p real/sub; ln -s real link; H=$PWD; cd -P link; echo "${PWD#$H}"; cd ..; cd -L link/sub; echo "${PWD#$H}"; cd -P ..; echo "${PWD#$H}"
