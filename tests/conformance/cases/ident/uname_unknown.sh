uname -p; uname -i
