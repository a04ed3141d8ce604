ulimit -c; ulimit -Sc; ulimit -e; ulimit -r
