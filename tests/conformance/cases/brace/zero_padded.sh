echo {01..10}
