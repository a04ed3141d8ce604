ulimit -Sn 100; ulimit -n; ulimit -Sn
