kill -l | head -1
