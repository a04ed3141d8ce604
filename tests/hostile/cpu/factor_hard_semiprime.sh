# A 39-digit number whose smallest prime factor has 17 digits: Pollard's
# rho needs hundreds of millions of steps; every step batch checks the
# cancel signal, so the wall clock ends it.
# limit: wall_clock=1
# expect-stop: timeout
# expect-max-seconds: 2.5
factor 340282366920938463463374607431768211457
