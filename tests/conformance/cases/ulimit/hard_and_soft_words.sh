ulimit -n 45; ulimit -Sn 40; ulimit -n hard; ulimit -n; ulimit -Sn 30; ulimit -Hn soft; ulimit -Hn; ulimit -Sn
