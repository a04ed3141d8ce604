trap -l | head -2
