uname -o -s; uname -ms
