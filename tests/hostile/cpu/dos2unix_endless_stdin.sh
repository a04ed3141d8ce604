# dos2unix as a filter over an endless stream into the void: it converts
# chunk by chunk (never holding the input) and checks the cancel signal
# per chunk, so the wall clock ends it at once.
# limit: wall_clock=1
# expect-stop: timeout
yes $'a\r' | dos2unix > /dev/null
