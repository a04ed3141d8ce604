echo {5..1} {e..a}
