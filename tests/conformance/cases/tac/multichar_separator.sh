printf 'oneXYtwoXYthreeXY' | tac -s XY; echo
