ulimit -n 90; ulimit -Sn; ulimit -Hn
