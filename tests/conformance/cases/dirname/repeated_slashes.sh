dirname a//b//; dirname a///b
