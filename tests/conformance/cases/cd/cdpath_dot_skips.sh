# check-stderr
mkdir -p p/q; CDPATH=p; cd ./q; echo $?
