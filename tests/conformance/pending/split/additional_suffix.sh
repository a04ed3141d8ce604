seq 1 4 | split -l 2 --additional-suffix=.txt - chunk.
ls
