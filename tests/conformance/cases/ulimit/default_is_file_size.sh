ulimit 200; ulimit; ulimit -f
