mkdir -p real/sub; ln -s real link
cd link; echo "${PWD##*/}"; cd ..
cd -P link; echo "${PWD##*/}"; cd ..
cd -L link/sub/..; echo "${PWD##*/}"
