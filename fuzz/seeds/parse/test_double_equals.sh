[ abc == abc ] && echo eq
test 10 -gt 9 && echo gt
