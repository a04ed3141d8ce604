H=$PWD; cd ""; echo $? "${PWD#$H}."
