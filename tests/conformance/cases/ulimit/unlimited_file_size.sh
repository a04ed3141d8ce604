ulimit -f unlimited; ulimit -f
