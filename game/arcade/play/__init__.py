"""The pieces every game's play screen shares: HINT's flow, the game's hand-offs to the shell
(pause, autosave, game over) and the message line's timing."""
