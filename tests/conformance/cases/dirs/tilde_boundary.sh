mkdir -p x xy; HOME=$PWD/x; cd xy; dirs | sed "s|$PWD|P|"; cd ../x; dirs
