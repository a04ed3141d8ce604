mkdir -p real/sub; ln -s real/sub s; H=$PWD; cd -P s/..; echo "${PWD#$H}"
