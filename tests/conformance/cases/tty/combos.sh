tty -s && echo tty || echo notty
