ulimit -t 30; ulimit -t; ulimit -Ht; ulimit -St 5; ulimit -t
