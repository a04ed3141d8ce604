for ((;;)); do echo $RANDOM >> log; done
