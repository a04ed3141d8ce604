seq 1 3000 > big; sum big; sum -s big
