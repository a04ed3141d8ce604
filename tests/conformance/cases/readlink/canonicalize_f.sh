mkdir -p d/e; touch d/e/f; ln -s d/e/f link
readlink -f link | sed "s|^$PWD/||"
