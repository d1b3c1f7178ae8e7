from tracerfix.cli import main

main()
