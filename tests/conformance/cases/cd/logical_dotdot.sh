mkdir -p real/sub; ln -s real/sub s; H=$PWD; cd s; echo "${PWD#$H}"; cd ..; echo "${PWD#$H}."
