for f in file{1..3}.txt; do echo $f; done
