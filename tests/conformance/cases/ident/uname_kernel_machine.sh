uname -s; uname -m; uname -o
