dirname .; dirname ..; dirname ./x; dirname ../x/
